// AuthApp: under construction
