from intentlint.entry import main

main()
