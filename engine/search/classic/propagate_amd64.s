//go:build !purego

#include "textflag.h"

// Offsets into state and tables; TestAssemblyOffsets checks them.
#define CAND 0
#define UNSOLVED 128
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
// propagateGeneric, step for step. Registers held through the loop:
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
	BSFL R9, AX
	LEAL -1(R9), CX
	ANDL CX, R9
	BTRL AX, BX

	// The minirow matrix m of the word, then w &= bandKeep[m].
	MOVL (DI)(AX*4), DX
	MOVL DX, CX
	ANDL $0x1ff, CX
	MOVL ROWBOXES(SI)(CX*4), R10
	MOVL DX, CX
	SHRL $9, CX
	ANDL $0x1ff, CX
	MOVL ROWBOXES(SI)(CX*4), R11
	SHLL $3, R11
	ORL  R11, R10
	MOVL DX, CX
	SHRL $18, CX
	ANDL $0x1ff, CX
	MOVL ROWBOXES(SI)(CX*4), R11
	SHLL $6, R11
	ORL  R11, R10
	ANDL BANDKEEP(SI)(R10*4), DX
	JZ   fail
	MOVL DX, (DI)(AX*4)

	// keep = otherBands[columns of w], applied to words o1 and o2, each
	// marked dirty when it changes.
	MOVL (R14)(AX*4), R12
	MOVL DX, R10
	SHRL $9, R10
	ORL  DX, R10
	MOVL DX, R11
	SHRL $18, R11
	ORL  R11, R10
	ANDL $0x1ff, R10
	MOVL OTHERBANDS(SI)(R10*4), R10

	MOVL R12, CX
	ANDL $31, CX
	MOVL (DI)(CX*4), R11
	MOVL R11, R13
	ANDL R10, R13
	MOVL R13, (DI)(CX*4)
	XORL R13, R11
	ADDL ALL27, R11
	SHRL $27, R11
	SHLL CX, R11
	ORL  R11, BX

	MOVL R12, CX
	SHRL $8, CX
	ANDL $31, CX
	MOVL (DI)(CX*4), R11
	MOVL R11, R13
	ANDL R10, R13
	MOVL R13, (DI)(CX*4)
	XORL R13, R11
	ADDL ALL27, R11
	SHRL $27, R11
	SHLL CX, R11
	ORL  R11, BX

	// fresh = the rows of w left with one cell, among the unsolved cells
	// of band b.
	MOVL DX, CX
	ANDL $0x1ff, CX
	MOVL ROWSINGLE(SI)(CX*4), R10
	MOVL DX, CX
	SHRL $9, CX
	ANDL $0x1ff, CX
	MOVL ROWSINGLE(SI)(CX*4), R11
	SHLL $9, R11
	ORL  R11, R10
	MOVL DX, CX
	SHRL $18, CX
	ANDL $0x1ff, CX
	MOVL ROWSINGLE(SI)(CX*4), R11
	SHLL $18, R11
	ORL  R11, R10
	SHRL $16, R12
	ANDL $3, R12
	ANDL UNSOLVED(DI)(R12*4), R10
	JNZ  place

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
	MOVL R10, R11
	NOTL R11
	ANDL R11, UNSOLVED(DI)(R12*4)
	LEAQ CAND(DI)(R12*4), CX
	XORL R13, R13

#define CLEAR(off) \
	MOVL  off(CX), DX \
	XORL  R12, R12 \
	TESTL R10, DX \
	SETNE R12B \
	ANDL  R11, DX \
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
	ORL  R10, (DI)(AX*4)
	SUBQ DI, CX
	SHRQ $2, CX
	SHLL CX, R13
	BTRL AX, R13
	ORL  R13, BX
	JMP  next
