// AuthScreensTests: under construction
