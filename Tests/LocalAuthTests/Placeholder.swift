// LocalAuthTests: under construction
