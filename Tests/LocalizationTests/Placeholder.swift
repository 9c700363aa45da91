// LocalizationTests: under construction
