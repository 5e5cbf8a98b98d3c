//go:build !purego

#include "textflag.h"

// The bytes the loop compares with, each broadcast to 32: ':', '<', the
// first byte above ' ', '0', '9'-'0', the first byte above '\r' and '/'.
DATA candBytes<>+0(SB)/8, $0x2f0e0930213c3a
GLOBL candBytes<>(SB), RODATA|NOPTR, $8

// func candsAVX2(b []byte, from, to int) int
//
// For each 32-byte block at i (1 <= i, i+32 <= to, i+35 <= len(b)): its
// '<' bytes and its colons; when there are any, the colons whose next
// byte is above ' ' (unsigned: a UTF-8 byte counts); when any are left,
// less those with an ASCII digit on both sides. A colon before a control
// byte up to '\r' and then "//" or "\n/" (E8a: "https:" / "//host") is
// kept as the '<' are. Returns the index of the first one left, or ^i for
// the first block not looked at.
TEXT ·candsAVX2(SB), NOSPLIT, $0-48
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), DX
	MOVQ from+24(FP), AX
	MOVQ to+32(FP), CX
	SUBQ $32, CX      // last block start allowed by to
	SUBQ $35, DX      // ... and by len(b)
	CMPQ DX, CX
	CMOVQLT DX, CX
	CMPQ AX, CX
	JGT  done

	VPBROADCASTB candBytes<>+0(SB), Y10 // ':'
	VPBROADCASTB candBytes<>+1(SB), Y14 // '<'
	VPBROADCASTB candBytes<>+2(SB), Y11 // the first byte above ' '
	VPBROADCASTB candBytes<>+3(SB), Y12 // '0'
	VPBROADCASTB candBytes<>+4(SB), Y13 // '9'-'0'
	VPBROADCASTB candBytes<>+5(SB), Y9  // the first byte above '\r'
	VPBROADCASTB candBytes<>+6(SB), Y15 // '/'

loop:
	VMOVDQU (SI)(AX*1), Y0
	VPCMPEQB Y14, Y0, Y7     // Y7: the '<'
	VPCMPEQB Y10, Y0, Y0     // Y0: the colons
	VPOR Y0, Y7, Y8
	VPTEST Y8, Y8
	JZ   next
	VMOVDQU 1(SI)(AX*1), Y1  // the bytes after
	VPCMPGTB Y1, Y9, Y2      // after <= '\r', or above 0x7f (signed)
	VPTEST Y0, Y2
	JNZ  brk                 // a colon at a line end (rare: "Note:"), or before UTF-8

more:
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
	CMPQ AX, CX
	JLE  loop

done:
	NOTQ AX
	MOVQ AX, ret+40(FP)
	VZEROUPPER
	RET

brk:
	// The colons before a byte up to '\r' or above 0x7f (Y2) whose next
	// two bytes are '/' or such a byte, then '/' (E8a): the line break
	// "\n" or "\r\n" before "//", and a few more that noURIAt rejects.
	// (A colon before a UTF-8 byte is a candidate anyway.)
	VMOVDQU 3(SI)(AX*1), Y3
	VPCMPEQB Y15, Y3, Y3     // +3 is '/'
	VPAND Y0, Y2, Y2
	VPAND Y3, Y2, Y2
	VPTEST Y2, Y2
	JZ   more                // most: "Note:" and a blank line or text
	VMOVDQU 2(SI)(AX*1), Y3
	VPCMPEQB Y15, Y3, Y4     // +2 is '/'
	VPCMPGTB Y3, Y9, Y3      // +2 is up to '\r' (or above 0x7f)
	VPOR Y3, Y4, Y3
	VPAND Y3, Y2, Y2
	VPOR Y2, Y7, Y7          // kept as the '<' are
	JMP  more

found:
	BSFL R9, R9
	ADDQ R9, AX
	MOVQ AX, ret+40(FP)
	VZEROUPPER
	RET
