; Dependent chains of one instruction form: the known latencies that turn TSC
; ticks into core cycles (add) and check the harness (the rest).
;
; uint64_t sq_chain_<name>(uint64_t iters, const uint8_t *zeros)
;   runs CHAIN_LENGTH dependent copies per iteration; zeros: 256 zero bytes
;   (the load chains read them: a zero keeps the address where it is)

%include "sqcolor.inc"

%define CHAIN_LENGTH 64

; CHAIN name, instructions...: one chain link is all the instructions, in order.
%macro CHAIN 2-*
FUNC sq_chain_%1
    xor         eax, eax
    xor         ecx, ecx
    xor         edx, edx
align 16
.loop:
%rep CHAIN_LENGTH
%rotate 1
%rep %0 - 1
    %1
%rotate 1
%endrep
%endrep
    dec         rdi
    jnz         .loop
    ret
ENDFUNC
%endmacro

section .text

    CHAIN       add,        {add eax, 1}
    CHAIN       and,        {and eax, 0x7fffffff}
    CHAIN       xor,        {xor eax, 1}
    CHAIN       shr_imm,    {shr eax, 3}
    CHAIN       mov,        {mov ecx, eax}, {mov eax, ecx}
    ; The in-register lookups' path: a constant shifted by the chain's count,
    ; then the and. Measured as a pair: on the Intel guest this was written on,
    ; the shift chained to itself ran at 1.5 cycles a link, followed by any
    ; 1-cycle op at exactly 2.
    CHAIN       shr_cl_and, {mov ecx, eax}, {mov eax, 0xAA55AA55}, {shr eax, cl}, {and eax, 1}
    CHAIN       lea_bd,     {lea eax, [rax + 1]}
    CHAIN       lea_bi,     {lea eax, [rax + rdx]}
    CHAIN       lea_bis,    {lea eax, [rax + rax*8]}
    CHAIN       lea_bisd,   {lea eax, [rax + rax*8 + 8]}
    ; Flags into setcc: the parity techniques' path (test; setpe) beside a
    ; compare's. On the Intel guest the parity rows were added on, a chain
    ; through test's or and's flags ran at 2.83 cycles a link, through cmp's,
    ; add's or bt's at 2.00, whatever the condition read.
    CHAIN       test_setcc, {xor ecx, ecx}, {test eax, 9}, {setpe cl}, {mov eax, ecx}
    CHAIN       cmp_setcc,  {xor ecx, ecx}, {cmp eax, 9}, {setz cl}, {mov eax, ecx}
    CHAIN       imul,       {imul rax, rax, 3}
    CHAIN       movzx_load, {movzx eax, byte [rsi + rax]}
    ; A table of qwords indexed by the square, and'ed into a mask: the
    ; load through a scaled index, then the and (stockfish_2018's).
    CHAIN       and_load,   {and rax, qword [rsi + rax*8]}
    ; Not a chain: eight independent adds per link, how many ALU operations a
    ; cycle this core gives us (fewer when a sibling thread shares it).
    CHAIN       add_x8,     {add eax, 1}, {add ecx, 1}, {add edx, 1}, {add r8d, 1}, \
                            {add r9d, 1}, {add r10d, 1}, {add r11d, 1}, {add esi, 1}

%include "noexecstack.inc"
