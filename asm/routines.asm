; The callable asm routines: sq_asm_<family>_<technique>, one per line of
; c/techniques.h (CMake turns that list into sq_techniques.inc).

%include "sqcolor.inc"
%include "color.inc"
%include "color_x88.inc"
%include "pair.inc"

section .text

; unsigned sq_asm_<family>_<technique>(unsigned a[, unsigned b])
%macro SQ_TECHNIQUE 2
    ROUTINE     sq_asm_%1_%2, %1_%2
%endmacro

%include "sq_techniques.inc"

; unsigned sq_asm_identity(unsigned a, unsigned b): call mode's baseline.
FUNC sq_asm_identity
    mov         eax, edi
    ret
ENDFUNC
%include "noexecstack.inc"
