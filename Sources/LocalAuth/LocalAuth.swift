// LocalAuth: under construction
