// AuthFlow: under construction
