; A technique's routines and kernels as a shared object built at run time
; holds them: default visibility, in .dynsym with their sizes. test_loaded_code
; assembles and links this into a .so and dlopen()s it. Never run: only read.

default rel

section .text align=64

; Two routines of one code, and a third that differs in an immediate.
global sq_loaded_twin_a:function default (sq_loaded_twin_a.end - sq_loaded_twin_a)
sq_loaded_twin_a:
    mov         eax, edi
    shr         eax, 3
    xor         eax, edi
    and         eax, 1
    ret
.end:

global sq_loaded_twin_b:function default (sq_loaded_twin_b.end - sq_loaded_twin_b)
sq_loaded_twin_b:
    mov         eax, edi
    shr         eax, 3
    xor         eax, edi
    and         eax, 1
    ret
.end:

global sq_loaded_other:function default (sq_loaded_other.end - sq_loaded_other)
sq_loaded_other:
    mov         eax, edi
    shr         eax, 3
    xor         eax, edi
    and         eax, 2
    ret
.end:

; A symbol without a size: nothing tells where its code ends.
global sq_loaded_unsized:function default
sq_loaded_unsized:
    xor         eax, eax
    ret

; A kernel (a, b, n): its loop of 6 instructions on a 64-byte line.
global sq_loaded_kernel:function default (sq_loaded_kernel.end - sq_loaded_kernel)
    align       64
sq_loaded_kernel:
    xor         eax, eax
    lea         r11, [rdi + rdx]
    mov         rcx, rdx
    neg         rcx
    align       64
.loop:
    movzx       edi, byte [r11 + rcx]
    xor         edi, eax
    mov         eax, edi
    and         eax, 1
    add         rcx, 1
    jnz         .loop
    ret
.end:

; A kernel that is a jump to another, as a compiler's tail call to a twin.
global sq_loaded_tail:function default (sq_loaded_tail.end - sq_loaded_tail)
sq_loaded_tail:
    jmp         sq_loaded_kernel
.end:

section .note.GNU-stack noalloc noexec nowrite progbits
