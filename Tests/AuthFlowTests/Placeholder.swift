// AuthFlowTests: under construction
