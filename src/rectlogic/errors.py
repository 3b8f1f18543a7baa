"""Errors a user can cause. Every one is a ValueError, so library callers can catch one type,
and the CLI turns each into one line on stderr and exit code 2."""


class RectlogicError(ValueError):
    """Bad input: a malformed puzzle, an unknown genre, an impossible request."""


class FormatError(RectlogicError):
    """Text that no reader accepts, or that a reader rejects with a reason."""


class BoardTooLarge(RectlogicError):
    """A board over the size limit, refused before any work is done."""


class UnknownGenre(RectlogicError):
    """A genre name that is not registered."""


class IgnoredInput(UserWarning):
    """Input read past and left out (text after the puzzle in a URL): not an error."""


class MissingPart(RectlogicError):
    """A genre lacks a part a request needs (a clause model, Janko's format, …)."""
