//go:build !purego

#include "textflag.h"

// Offsets into state and tables; TestAssemblyOffsets checks them.
#define CAND 0
#define UNSOLVED 128
#define PAIRS 144
#define DIRTY 156
#define TOUCHED 160
#define UNCLAIMED 164
#define ROWBOXES 0
#define BANDKEEP 2048
#define ROWSINGLE 4096
#define OTHERBANDS 6144
#define ALL27 $0x7ffffff

// func propagateAMD64(st *state) bool
//
// propagateGeneric, step for step, with BMI1 and BMI2 instructions.
// Registers held through the loop:
//	DI	st
//	SI	tab
//	R14	&neighbours
//	BX	dirty
//	R8	touched
//	R9	the words of the round not yet taken
// Per word: AX is i, DX the word, R12 its neighbours entry, R10 the mask
// for the other bands and then the fresh placements.
TEXT ·propagateAMD64(SB), NOSPLIT, $0-9
	MOVQ st+0(FP), DI
	MOVQ ·tab(SB), SI
	LEAQ ·neighbours(SB), R14
	MOVL DIRTY(DI), BX
	XORL R8, R8
	TESTL BX, BX
	JZ   done

round:
	ORL  BX, R8
	MOVL BX, R9

word:
	BSFL  R9, AX
	BLSRL R9, R9
	BTRL  AX, BX

	// The minirow matrix m of the word, then w &= bandKeep[m]. A word has
	// 27 bits, so rotating it right by 9 or 18 and masking 9 bits takes
	// its second or third row.
	MOVL  (DI)(AX*4), DX
	MOVL  DX, CX
	ANDL  $0x1ff, CX
	MOVL  ROWBOXES(SI)(CX*4), R10
	RORXL $9, DX, CX
	ANDL  $0x1ff, CX
	MOVL  ROWBOXES(SI)(CX*4), R11
	SHLL  $3, R11
	ORL   R11, R10
	RORXL $18, DX, CX
	ANDL  $0x1ff, CX
	MOVL  ROWBOXES(SI)(CX*4), R11
	SHLL  $6, R11
	ORL   R11, R10
	ANDL  BANDKEEP(SI)(R10*4), DX
	JZ    fail
	MOVL  DX, (DI)(AX*4)

	// keep = otherBands[columns of w], applied to words o1 and o2, each
	// marked dirty when it changes.
	MOVL  (R14)(AX*4), R12
	RORXL $9, DX, R10
	ORL   DX, R10
	RORXL $18, DX, R11
	ORL   R11, R10
	ANDL  $0x1ff, R10
	MOVL  OTHERBANDS(SI)(R10*4), R10

	MOVL  R12, CX
	ANDL  $31, CX
	MOVL  (DI)(CX*4), R11
	ANDNL R11, R10, R13
	XORL  R13, R11
	MOVL  R11, (DI)(CX*4)
	ADDL  ALL27, R13
	SHRL  $27, R13
	SHLXL CX, R13, R13
	ORL   R13, BX

	RORXL $8, R12, CX
	ANDL  $31, CX
	MOVL  (DI)(CX*4), R11
	ANDNL R11, R10, R13
	XORL  R13, R11
	MOVL  R11, (DI)(CX*4)
	ADDL  ALL27, R13
	SHRL  $27, R13
	SHLXL CX, R13, R13
	ORL   R13, BX

	// fresh = the rows of w left with one cell, among the unsolved cells
	// of band b (neighbours holds b in bits 16-17, nothing above).
	MOVL  DX, CX
	ANDL  $0x1ff, CX
	MOVL  ROWSINGLE(SI)(CX*4), R10
	RORXL $9, DX, CX
	ANDL  $0x1ff, CX
	MOVL  ROWSINGLE(SI)(CX*4), R11
	SHLL  $9, R11
	ORL   R11, R10
	RORXL $18, DX, CX
	ANDL  $0x1ff, CX
	MOVL  ROWSINGLE(SI)(CX*4), R11
	SHLL  $18, R11
	ORL   R11, R10
	SHRL  $16, R12
	ANDL  UNSOLVED(DI)(R12*4), R10
	JNZ   place

next:
	TESTL R9, R9
	JNZ   word
	TESTL BX, BX
	JNZ   round

done:
	MOVL $0, DIRTY(DI)
	ORL  R8, TOUCHED(DI)
	ORL  R8, UNCLAIMED(DI)
	MOVB $1, ret+8(FP)
	RET

fail:
	MOVB $0, ret+8(FP)
	RET

	// Place the fresh cells (R10): clear them from the band's unsolved
	// cells and from the nine words of band b, c[3k] from CX = &cand[b],
	// collecting in R13 (bit 3k) the words that change: taken from the
	// last digit down, each step multiplies R13 by 8 and adds its bit. The
	// word's own bits go too, and are put back after.
place:
	ANDNL UNSOLVED(DI)(R12*4), R10, R11
	MOVL  R11, UNSOLVED(DI)(R12*4)
	LEAQ  CAND(DI)(R12*4), CX
	XORL  R13, R13

#define CLEAR(off) \
	XORL  R12, R12 \
	TESTL R10, off(CX) \
	SETNE R12B \
	ANDNL off(CX), R10, DX \
	MOVL  DX, off(CX) \
	LEAL  (R12)(R13*8), R13

	CLEAR(96)
	CLEAR(84)
	CLEAR(72)
	CLEAR(60)
	CLEAR(48)
	CLEAR(36)
	CLEAR(24)
	CLEAR(12)
	CLEAR(0)

	// The word keeps its fresh cells; the others are dirty when changed,
	// shifted to band b (CX - DI is 4b).
	ORL   R10, (DI)(AX*4)
	SUBQ  DI, CX
	SHRQ  $2, CX
	SHLXL CX, R13, R13
	BTRL  AX, R13
	ORL   R13, BX
	JMP   next

// func scorePairsAMD64(st *state) (best, b int, x uint32)
//
// scorePairsGeneric, step for step. The frame holds:
//	0(SP)	score, 32 bytes, one per cell of the band
//	32(SP)	p, the band's cells with two candidates
//	36(SP)	p1, 40(SP) p2: those of the two other bands
//	44(SP)	the best cell, 48(SP) the best score, 56(SP) its band
//	64(SP)	the band b
//	72(SP)	4*(b1-b), 80(SP) 4*(b2-b): the byte offsets from a word of
//		band b to the words of the same digit in the other bands
//	88(SP)	the end of the band's words
// In the loop over a digit's cells: DI is &cand[d0+b], BX its word, DX
// and R12 the digit's words in the other bands, CX the cells left, AX the
// cell, SI &bandPeers, R14 &colMask.
TEXT ·scorePairsAMD64(SB), NOSPLIT, $96-28
	LEAQ ·bandPeers(SB), SI
	LEAQ ·colMask(SB), R14
	MOVQ $-1, 48(SP)
	MOVQ $0, 56(SP)
	MOVL $0, 44(SP)
	MOVQ $0, 64(SP)

band:
	MOVQ 64(SP), AX
	MOVQ st+0(FP), DI
	MOVL PAIRS(DI)(AX*4), CX
	TESTL CX, CX
	JZ   nextband
	MOVL CX, 32(SP)
	LEAQ ·next3(SB), R8
	MOVQ (R8)(AX*8), R9
	MOVQ 8(R8)(AX*8), R10
	MOVL PAIRS(DI)(R9*4), R11
	MOVL R11, 36(SP)
	MOVL PAIRS(DI)(R10*4), R11
	MOVL R11, 40(SP)
	SUBQ AX, R9
	SHLQ $2, R9
	MOVQ R9, 72(SP)
	SUBQ AX, R10
	SHLQ $2, R10
	MOVQ R10, 80(SP)
	LEAQ CAND(DI)(AX*4), DI
	LEAQ 108(DI), R8
	MOVQ R8, 88(SP)
	PXOR  X0, X0
	MOVOU X0, 0(SP)
	MOVOU X0, 16(SP)

digit:
	MOVL (DI), BX
	MOVL 32(SP), CX
	ANDL BX, CX
	JZ   nextdigit
	MOVQ 72(SP), R8
	MOVL (DI)(R8*1), DX
	MOVQ 80(SP), R8
	MOVL (DI)(R8*1), R12

cell:
	BSFL CX, AX
	BTRL AX, CX
	MOVL (R14)(AX*4), R8
	MOVL (SI)(AX*4), R9
	ANDL BX, R9
	MOVL R8, R10
	ANDL DX, R10
	ANDL R12, R8
	// R11 = the peers holding the digit, R9 those with two candidates.
	POPCNTL R9, R11
	POPCNTL R10, R13
	ADDL    R13, R11
	POPCNTL R8, R13
	ADDL    R13, R11
	ANDL    32(SP), R9
	ANDL    36(SP), R10
	ANDL    40(SP), R8
	POPCNTL R9, R9
	POPCNTL R10, R10
	POPCNTL R8, R8
	ADDL    R10, R9
	ADDL    R8, R9
	LEAL    (R11)(R9*2), R11
	ADDB    R11B, 0(SP)(AX*1)
	TESTL   CX, CX
	JNZ     cell

nextdigit:
	ADDQ $12, DI
	CMPQ DI, 88(SP)
	JNE  digit

	// The first cell of the band with a better score than any before.
	MOVL 32(SP), CX

pick:
	BSFL   CX, AX
	BTRL   AX, CX
	MOVBLZX 0(SP)(AX*1), R8
	CMPQ   R8, 48(SP)
	JLE    picknext
	MOVQ   R8, 48(SP)
	MOVL   AX, 44(SP)
	MOVQ   64(SP), R9
	MOVQ   R9, 56(SP)

picknext:
	TESTL CX, CX
	JNZ   pick

nextband:
	MOVQ 64(SP), AX
	INCQ AX
	MOVQ AX, 64(SP)
	CMPQ AX, $3
	JLT  band

	MOVQ 48(SP), AX
	MOVQ AX, best+8(FP)
	MOVQ 56(SP), AX
	MOVQ AX, b+16(FP)
	MOVL 44(SP), CX
	MOVL $1, AX
	SHLL CX, AX
	MOVL AX, x+24(FP)
	RET
