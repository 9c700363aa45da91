// EndToEndTests: under construction
