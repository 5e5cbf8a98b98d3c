//go:build !purego

#include "textflag.h"

// The bytes the loop compares with, 32 of each.
DATA candColon<>+0(SB)/8, $0x3a3a3a3a3a3a3a3a // ':'
DATA candColon<>+8(SB)/8, $0x3a3a3a3a3a3a3a3a
DATA candColon<>+16(SB)/8, $0x3a3a3a3a3a3a3a3a
DATA candColon<>+24(SB)/8, $0x3a3a3a3a3a3a3a3a
GLOBL candColon<>(SB), RODATA|NOPTR, $32
DATA candLess<>+0(SB)/8, $0x3c3c3c3c3c3c3c3c // '<'
DATA candLess<>+8(SB)/8, $0x3c3c3c3c3c3c3c3c
DATA candLess<>+16(SB)/8, $0x3c3c3c3c3c3c3c3c
DATA candLess<>+24(SB)/8, $0x3c3c3c3c3c3c3c3c
GLOBL candLess<>(SB), RODATA|NOPTR, $32
DATA candAbove<>+0(SB)/8, $0x2121212121212121 // the first byte above ' '
DATA candAbove<>+8(SB)/8, $0x2121212121212121
DATA candAbove<>+16(SB)/8, $0x2121212121212121
DATA candAbove<>+24(SB)/8, $0x2121212121212121
GLOBL candAbove<>(SB), RODATA|NOPTR, $32
DATA candZero<>+0(SB)/8, $0x3030303030303030 // '0'
DATA candZero<>+8(SB)/8, $0x3030303030303030
DATA candZero<>+16(SB)/8, $0x3030303030303030
DATA candZero<>+24(SB)/8, $0x3030303030303030
GLOBL candZero<>(SB), RODATA|NOPTR, $32
DATA candNine<>+0(SB)/8, $0x0909090909090909 // '9'-'0'
DATA candNine<>+8(SB)/8, $0x0909090909090909
DATA candNine<>+16(SB)/8, $0x0909090909090909
DATA candNine<>+24(SB)/8, $0x0909090909090909
GLOBL candNine<>(SB), RODATA|NOPTR, $32

// func candsAVX2(b []byte, from, to int) int
//
// For each 32-byte block at i (1 <= i, i+32 <= to, i+33 <= len(b)): its
// '<' bytes and its colons; when there are any, the colons whose next
// byte is above ' ' (unsigned: a UTF-8 byte counts); when any are left,
// less those with an ASCII digit on both sides. Returns the index of the
// first one left, or ^i for the first block not looked at.
TEXT ·candsAVX2(SB), NOSPLIT, $0-48
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), DX
	MOVQ from+24(FP), AX
	MOVQ to+32(FP), CX
	SUBQ $32, CX      // last block start allowed by to
	SUBQ $33, DX      // ... and by len(b)
	CMPQ DX, CX
	CMOVQLT DX, CX

	VMOVDQU candColon<>(SB), Y10
	VMOVDQU candAbove<>(SB), Y11
	VMOVDQU candZero<>(SB), Y12
	VMOVDQU candNine<>(SB), Y13
	VMOVDQU candLess<>(SB), Y14

loop:
	CMPQ AX, CX
	JGT  done
	VMOVDQU (SI)(AX*1), Y0
	VPCMPEQB Y14, Y0, Y7     // Y7: the '<'
	VPCMPEQB Y10, Y0, Y0     // Y0: the colons
	VPOR Y0, Y7, Y8
	VPTEST Y8, Y8
	JZ   next
	VMOVDQU 1(SI)(AX*1), Y1  // the bytes after
	VPMAXUB Y11, Y1, Y2
	VPCMPEQB Y1, Y2, Y2      // after >= 0x21
	VPAND Y2, Y0, Y0
	VPOR Y0, Y7, Y8
	VPTEST Y8, Y8
	JZ   next                // most colons: before a space or a line end
	VPSUBB Y12, Y1, Y3
	VPMINUB Y13, Y3, Y4
	VPCMPEQB Y3, Y4, Y3      // after is a digit
	VMOVDQU -1(SI)(AX*1), Y5 // the bytes before
	VPSUBB Y12, Y5, Y5
	VPMINUB Y13, Y5, Y6
	VPCMPEQB Y5, Y6, Y5      // before is a digit
	VPAND Y5, Y3, Y3
	VPANDN Y0, Y3, Y0        // less the colons between two digits
	VPOR Y0, Y7, Y0
	VPMOVMSKB Y0, R9
	TESTL R9, R9
	JNZ  found

next:
	ADDQ $32, AX
	JMP  loop

found:
	BSFL R9, R9
	ADDQ R9, AX
	MOVQ AX, ret+40(FP)
	VZEROUPPER
	RET

done:
	NOTQ AX
	MOVQ AX, ret+40(FP)
	VZEROUPPER
	RET
