//go:build !purego

#include "textflag.h"

// The bytes a string's scan stops at, each broadcast to 32: '"', '\\',
// ':' and the line feed.
DATA strBytes<>+0(SB)/8, $0x000000000a3a5c22
GLOBL strBytes<>(SB), RODATA|NOPTR, $8

// func strAVX2(b []byte, from, to int) int
//
// For each 32-byte block at i (from <= i < to; the caller makes sure
// that i+32 <= len(b)): the bytes equal to any of the four. Returns the
// index of the first, at most to.
TEXT ·strAVX2(SB), NOSPLIT, $0-48
	MOVQ b_base+0(FP), SI
	MOVQ from+24(FP), AX
	MOVQ to+32(FP), CX

	VPBROADCASTB strBytes<>+0(SB), Y10 // '"'
	VPBROADCASTB strBytes<>+1(SB), Y11 // '\\'
	VPBROADCASTB strBytes<>+2(SB), Y12 // ':'
	VPBROADCASTB strBytes<>+3(SB), Y13 // '\n'

loop:
	CMPQ AX, CX
	JGE  done
	VMOVDQU (SI)(AX*1), Y0
	VPCMPEQB Y10, Y0, Y1
	VPCMPEQB Y11, Y0, Y2
	VPCMPEQB Y12, Y0, Y3
	VPCMPEQB Y13, Y0, Y4
	VPOR Y1, Y2, Y1
	VPOR Y3, Y4, Y3
	VPOR Y1, Y3, Y1
	VPMOVMSKB Y1, R9
	TESTL R9, R9
	JNZ  found
	ADDQ $32, AX
	JMP  loop

found:
	BSFL R9, R9
	ADDQ R9, AX
	CMPQ AX, CX
	CMOVQGT CX, AX
	MOVQ AX, ret+40(FP)
	VZEROUPPER
	RET

done:
	MOVQ CX, ret+40(FP)
	VZEROUPPER
	RET
