from intentlint.cli import main

main()
