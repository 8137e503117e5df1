; The real-game sequences, bench/sequences/*.txt (made by tools/games/generate.py),
; in the binary as the text the sequence reader parses like a file: a built-in
; sequence needs no file at run time.
;
; extern const char sq_game_<name>_text[], sq_game_<name>_end[];

%include "sqcolor.inc"

section .rodata

; GAME_TEXT symbol, file: the file's bytes between symbol_text and symbol_end.
%macro GAME_TEXT 2
    global      sq_game_%1_text:data hidden
    global      sq_game_%1_end:data hidden
sq_game_%1_text:
    incbin      %2
sq_game_%1_end:
%endmacro

    GAME_TEXT   moves,          "game-moves.txt"
    GAME_TEXT   bishops,        "game-bishops.txt"
    GAME_TEXT   bishop_pairs,   "game-bishop-pairs.txt"

%include "noexecstack.inc"
