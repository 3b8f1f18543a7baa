"""What several genres share, by the shape of their answers: `shaded` (a colour per cell, a
window law over 2×2 windows) and `regions` (the board cut into rectangles, drawn as borders).
A kit knows no genre: genres import it, never the other way."""
