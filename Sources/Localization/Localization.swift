// Localization: under construction
