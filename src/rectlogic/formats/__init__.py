"""The format machinery every genre's codec uses: puzz.link's URL and bit codecs
(`puzzlink`), pzprv3 blocks (`pzprv3`), Janko text (`janko`), Tatham game ids (`tatham`), our
text form (`text`) and their tokens (`tokens`). Detecting a format and loading any puzzle is
`formats.auto`, which sits above the genres."""
