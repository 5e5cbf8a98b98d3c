//go:build !purego

#include "textflag.h"

// The bytes marksAVX2 marks, each broadcast to 32: '"', '\\', ':', the
// line feed, ',', '{', '}', '[' and ']'.
DATA markBytes<>+0(SB)/8, $0x7b2c0a3a5c22
DATA markBytes<>+8(SB)/8, $0x5d5b7d
GLOBL markBytes<>(SB), RODATA|NOPTR, $16

// MARK32 compares the 32 bytes at off(SI)(AX*1) with the marked bytes
// and leaves their masks in st ('"', ':', '\n' and '\\') and in ev
// ('"', ':', '\n', ',', '{', '}', '[' and ']'). Y0-Y6 are scratch.
#define MARK32(off, st, ev) \
	VMOVDQU off(SI)(AX*1), Y0; \
	VPCMPEQB Y7, Y0, Y2; \
	VPCMPEQB Y9, Y0, Y3; \
	VPOR Y2, Y3, Y2; \
	VPCMPEQB Y10, Y0, Y3; \
	VPOR Y2, Y3, Y2; \
	VPCMPEQB Y8, Y0, Y3; \
	VPOR Y2, Y3, Y3; \
	VPCMPEQB Y11, Y0, Y4; \
	VPCMPEQB Y12, Y0, Y5; \
	VPOR Y4, Y5, Y4; \
	VPCMPEQB Y13, Y0, Y5; \
	VPCMPEQB Y14, Y0, Y6; \
	VPOR Y5, Y6, Y5; \
	VPCMPEQB Y15, Y0, Y6; \
	VPOR Y4, Y5, Y4; \
	VPOR Y4, Y6, Y4; \
	VPOR Y2, Y4, Y4; \
	VPMOVMSKB Y3, st; \
	VPMOVMSKB Y4, ev

// func marksAVX2(b []byte, ev, st []uint64)
//
// For each 64 bytes of b (len(b) is a multiple of 64, and ev and st have
// a word for each 64): in ev the bits of '"', ':', '\n', ',', '{', '}',
// '[' and ']', in st those of '"', '\\', ':' and '\n'.
TEXT ·marksAVX2(SB), NOSPLIT, $0-72
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), CX
	MOVQ ev_base+24(FP), DI
	MOVQ st_base+48(FP), R8

	VPBROADCASTB markBytes<>+0(SB), Y7  // '"'
	VPBROADCASTB markBytes<>+1(SB), Y8  // '\\'
	VPBROADCASTB markBytes<>+2(SB), Y9  // ':'
	VPBROADCASTB markBytes<>+3(SB), Y10 // '\n'
	VPBROADCASTB markBytes<>+4(SB), Y11 // ','
	VPBROADCASTB markBytes<>+5(SB), Y12 // '{'
	VPBROADCASTB markBytes<>+8(SB), Y13 // '}'
	VPBROADCASTB markBytes<>+9(SB), Y14 // '['
	VPBROADCASTB markBytes<>+10(SB), Y15 // ']'

	XORQ AX, AX // offset in b
	XORQ DX, DX // word index

loop:
	CMPQ AX, CX
	JGE  done

	MARK32(0, R9, R10)
	MARK32(32, R11, R12)

	SHLQ $32, R11
	ORQ  R11, R9
	SHLQ $32, R12
	ORQ  R12, R10
	MOVQ R9, (R8)(DX*8)
	MOVQ R10, (DI)(DX*8)
	ADDQ $64, AX
	INCQ DX
	JMP  loop

done:
	VZEROUPPER
	RET
