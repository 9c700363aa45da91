// AuthAppTests: under construction
