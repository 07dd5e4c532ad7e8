print("unreachable: the spec does not compile")
