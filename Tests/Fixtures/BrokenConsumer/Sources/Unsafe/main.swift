print("unreachable: the spec's property fails, so the build stops")
