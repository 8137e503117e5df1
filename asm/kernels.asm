; Timing kernels of every catalogue line and the baselines (asm/kernels.inc
; holds the loops; sqcolor try expands the same ones around a user's body).

%include "sqcolor.inc"
%include "kernels.inc"
%include "color.inc"
%include "color_x88.inc"
%include "pair.inc"

; ARITY_<family>: 1 (a square) or 2 (a pair), from c/techniques.h's families
; (sq_families.inc is made from SQ_FOR_EACH_FAMILY).
%macro SQ_FAMILY 2
%xdefine ARITY_%1 %2
%endmacro
%include "sq_families.inc"

section .text

; The kernels of every catalogue line (sq_techniques.inc is made from c/techniques.h).
%macro SQ_TECHNIQUE 2
    KERNELS     sq_asm_%1_%2, %1_%2, ARITY_%1
%endmacro
%include "sq_techniques.inc"

    KERNELS     sq_asm_baseline_1, baseline1, 1
    KERNELS     sq_asm_baseline_2, baseline2, 2

%include "noexecstack.inc"
