print("fauth-tui")
