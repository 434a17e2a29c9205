"""Allow `python -m pbem`."""

from pbem.cli.app import main

if __name__ == "__main__":
    main()
