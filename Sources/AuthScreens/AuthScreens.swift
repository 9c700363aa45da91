// AuthScreens: under construction
