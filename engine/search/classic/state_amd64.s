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
#define LIVE 8192
#define ROWBOXES3 10240
#define ROWBOXES6 12288
#define ROWSINGLE9 14336
#define ROWSINGLE18 16384
#define SINGLEROWS 18432
#define ALL27 $0x7ffffff

// minirows has bit 3i for every minirow i of a band word (cells 3i to
// 3i+2): bit 3i of w|w>>1|w>>2 is set when the minirow has a cell, and PEXT
// with this mask gathers those bits into the minirow matrix (bit 3r+k: row
// r has a cell in box k), what rowBoxes gives in three lookups.
DATA minirows<>+0(SB)/4, $0x1249249
GLOBL minirows<>(SB), RODATA|NOPTR, $4

// ROWS sets R10 to the union of three tables' entries for the rows of
// the word in DX, the first row looked up in t0, the second in t1, the
// third in t2. A word has 27 bits, so rotating it right by 9 or 18 and
// masking 9 bits takes its second or third row.
#define ROWS(t0, t1, t2) \
	MOVL  DX, CX \
	ANDL  $0x1ff, CX \
	MOVL  t0(SI)(CX*4), R10 \
	RORXL $9, DX, CX \
	ANDL  $0x1ff, CX \
	ORL   t1(SI)(CX*4), R10 \
	RORXL $18, DX, CX \
	ANDL  $0x1ff, CX \
	ORL   t2(SI)(CX*4), R10

// KEEP applies the mask in R10 to word CX, and marks it dirty in BX when
// it changes.
#define KEEP \
	MOVL  (DI)(CX*4), R11 \
	ANDNL R11, R10, R13 \
	XORL  R13, R11 \
	MOVL  R11, (DI)(CX*4) \
	ADDL  ALL27, R13 \
	SHRL  $27, R13 \
	SHLXL CX, R13, R13 \
	ORL   R13, BX

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

	// The minirow matrix m of the word, then w &= bandKeep[m].
	MOVL  (DI)(AX*4), DX
	ROWS(ROWBOXES, ROWBOXES3, ROWBOXES6)
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
	KEEP

	RORXL $8, R12, CX
	ANDL  $31, CX
	KEEP

	// fresh = the rows of w left with one cell, among the unsolved cells
	// of band b (neighbours holds b in bits 16-17, nothing above).
	ROWS(ROWSINGLE, ROWSINGLE9, ROWSINGLE18)
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

// func propagatePEXT(st *state) bool
//
// propagateAMD64 for processors where PEXT and PDEP are fast (see
// hasFastPEXT), with fewer micro-operations a word: the minirow matrix of
// a word is taken with PEXT (see minirows) instead of three rowBoxes
// lookups, its rows of one cell with PEXT and one singleRows lookup
// instead of three rowSingle lookups, the neighbours entry read a byte at
// a time, and a placement's changed words collected with a carry (CMP,
// ADC) and spread with PDEP.
// Registers held through the loop:
//	DI	st
//	SI	tab
//	R14	&neighbours
//	BX	dirty
//	R8	touched
//	R9	the words of the round not yet taken
// Per word: AX is i, DX the word and then the fresh placements, R10 the
// mask for the other bands, R12 the band b.
TEXT ·propagatePEXT(SB), NOSPLIT, $0-9
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

	// The minirow matrix m of the word, then w &= bandKeep[m]. (The
	// rotation by 1 takes bit 0 to bit 31, outside the mask.)
	MOVL  (DI)(AX*4), DX
	RORXL $1, DX, R10
	ORL   DX, R10
	RORXL $2, DX, CX
	ORL   CX, R10
	PEXTL minirows<>(SB), R10, R10
	ANDL  BANDKEEP(SI)(R10*4), DX
	JZ    fail
	MOVL  DX, (DI)(AX*4)

	// keep = otherBands[columns of w], applied to words o1 and o2 (bytes
	// 0 and 1 of neighbours[i]), each marked dirty when it changes.
	RORXL $9, DX, R10
	ORL   DX, R10
	RORXL $18, DX, R11
	ORL   R11, R10
	ANDL  $0x1ff, R10
	MOVL  OTHERBANDS(SI)(R10*4), R10

	MOVBLZX (R14)(AX*4), CX
	KEEP

	MOVBLZX 1(R14)(AX*4), CX
	KEEP

	// fresh = the rows of w left with one cell (see singleRows; every row
	// of w has a cell once bandKeep has passed it), among the unsolved
	// cells of band b (byte 2 of neighbours[i]).
	LEAL  -0x40201(DX), CX
	ANDL  DX, CX
	RORXL $1, CX, R10
	ORL   CX, R10
	RORXL $2, CX, R11
	ORL   R11, R10
	PEXTL minirows<>(SB), R10, R10
	ANDL  SINGLEROWS(SI)(R10*4), DX
	MOVBLZX 2(R14)(AX*4), R12
	ANDL  UNSOLVED(DI)(R12*4), DX
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

	// Place the fresh cells (DX): clear them from the band's unsolved
	// cells and from the nine words of band b, c[3k] from CX = &cand[b],
	// collecting in R13 (bit k) the words that change: taken from the
	// last digit down, each step doubles R13 and adds the carry of
	// comparing the new word with the old (below it exactly when it
	// changed). PDEP then moves bit k to bit 3k. The word's own bits go
	// too, and are put back after.
place:
	ANDNL UNSOLVED(DI)(R12*4), DX, R11
	MOVL  R11, UNSOLVED(DI)(R12*4)
	LEAQ  CAND(DI)(R12*4), CX
	XORL  R13, R13

#define CLEARC(off) \
	MOVL  off(CX), R10 \
	ANDNL R10, DX, R11 \
	MOVL  R11, off(CX) \
	CMPL  R11, R10 \
	ADCL  R13, R13

	CLEARC(96)
	CLEARC(84)
	CLEARC(72)
	CLEARC(60)
	CLEARC(48)
	CLEARC(36)
	CLEARC(24)
	CLEARC(12)
	CLEARC(0)

	// The word keeps its fresh cells; the others are dirty when changed,
	// shifted to band b.
	ORL   DX, (DI)(AX*4)
	PDEPL minirows<>(SB), R13, R13
	SHLXL R12, R13, R13
	BTRL  AX, R13
	ORL   R13, BX
	JMP   next

// func propagatePEXTFlat(st *state) bool
//
// propagatePEXT placing without a branch: every word runs the placement,
// fresh cells or none (with none each step leaves its word and R13 as
// they were). Where half the words place and the processor mispredicts
// the branch for many of them (late: the fresh cells end the word's chain
// of loads), the 50 instructions cost less than the branch; where few
// words place, as in the searches of puzzles with few empty cells, they
// cost more (see Solver.flat). Registers as in propagatePEXT.
TEXT ·propagatePEXTFlat(SB), NOSPLIT, $0-9
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

	// The minirow matrix m of the word, then w &= bandKeep[m]. (The
	// rotation by 1 takes bit 0 to bit 31, outside the mask.)
	MOVL  (DI)(AX*4), DX
	RORXL $1, DX, R10
	ORL   DX, R10
	RORXL $2, DX, CX
	ORL   CX, R10
	PEXTL minirows<>(SB), R10, R10
	ANDL  BANDKEEP(SI)(R10*4), DX
	JZ    fail
	MOVL  DX, (DI)(AX*4)

	// keep = otherBands[columns of w], applied to words o1 and o2 (bytes
	// 0 and 1 of neighbours[i]), each marked dirty when it changes.
	RORXL $9, DX, R10
	ORL   DX, R10
	RORXL $18, DX, R11
	ORL   R11, R10
	ANDL  $0x1ff, R10
	MOVL  OTHERBANDS(SI)(R10*4), R10

	MOVBLZX (R14)(AX*4), CX
	KEEP

	MOVBLZX 1(R14)(AX*4), CX
	KEEP

	// fresh = the rows of w left with one cell (see singleRows; every row
	// of w has a cell once bandKeep has passed it), among the unsolved
	// cells of band b (byte 2 of neighbours[i]).
	LEAL  -0x40201(DX), CX
	ANDL  DX, CX
	RORXL $1, CX, R10
	ORL   CX, R10
	RORXL $2, CX, R11
	ORL   R11, R10
	PEXTL minirows<>(SB), R10, R10
	ANDL  SINGLEROWS(SI)(R10*4), DX
	MOVBLZX 2(R14)(AX*4), R12
	ANDL  UNSOLVED(DI)(R12*4), DX

	// Place the fresh cells (DX), if any, as propagatePEXT does.
	ANDNL UNSOLVED(DI)(R12*4), DX, R11
	MOVL  R11, UNSOLVED(DI)(R12*4)
	LEAQ  CAND(DI)(R12*4), CX
	XORL  R13, R13

	CLEARC(96)
	CLEARC(84)
	CLEARC(72)
	CLEARC(60)
	CLEARC(48)
	CLEARC(36)
	CLEARC(24)
	CLEARC(12)
	CLEARC(0)

	// The word keeps its fresh cells; the others are dirty when changed,
	// shifted to band b.
	ORL   DX, (DI)(AX*4)
	PDEPL minirows<>(SB), R13, R13
	SHLXL R12, R13, R13
	BTRL  AX, R13
	ORL   R13, BX

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

// func claimPEXT(st *state) bool
//
// claim for processors where PEXT and PDEP are fast (see hasFastPEXT):
// the minicolumn matrix of a stack is taken from the digit's columns with
// PEXT, and the live matrices put back with PDEP, instead of the shifts
// and masks of nine 3-bit fields each way.
// Registers held through the loop:
//	DI	st
//	SI	tab
//	AX	the digits left (bit 3k for digit k+1)
//	BX	dirty
//	R8	dirty as it was
// Per digit: R14 is d0, R9-R11 its three words, DX their columns (band b
// in bits 9b to 9b+8), CX the live minicolumns the same way, R12 the
// words that change (bit b) and then the matrices' mask.
TEXT ·claimPEXT(SB), NOSPLIT, $0-9
	MOVQ st+0(FP), DI
	MOVQ ·tab(SB), SI
	MOVL DIRTY(DI), BX
	MOVL BX, R8
	MOVL UNCLAIMED(DI), AX
	MOVL AX, CX
	SHRL $1, CX
	ORL  CX, AX
	SHRL $1, CX
	ORL  CX, AX
	ANDL $0x1249249, AX
	MOVL $0, UNCLAIMED(DI)
	TESTL AX, AX
	JZ   cdone

cdigit:
	TZCNTL AX, R14
	BLSRL  AX, AX
	MOVL   (DI)(R14*4), R9
	MOVL   4(DI)(R14*4), R10
	MOVL   8(DI)(R14*4), R11

	// The columns of w in the low 9 bits of c.
#define COLS(w, c) \
	RORXL $9, w, c \
	ORL   w, c \
	RORXL $18, w, R12 \
	ORL   R12, c \
	ANDL  $0x1ff, c

	COLS(R9, DX)
	COLS(R10, R13)
	SHLL $9, R13
	ORL  R13, DX
	COLS(R11, R13)
	SHLL $18, R13
	ORL  R13, DX

	// Stack s: its minicolumn matrix (bit 3b+c: band b may use the
	// stack's column c) is DX's bits under 0x1c0e07<<3s, and its live
	// minicolumns go back to the same places.
#define STACK \
	PEXTL R12, DX, R13 \
	MOVL  LIVE(SI)(R13*4), R13 \
	PDEPL R12, R13, R13 \
	ORL   R13, CX

	MOVL $0x1c0e07, R12
	XORL CX, CX
	STACK
	SHLL $3, R12
	STACK
	SHLL $3, R12
	STACK

	// Word d0+b keeps the live columns of band b in its three rows;
	// R12 collects (from band 2 down, with the carry of comparing the
	// new word with the old) the words that change.
#define APPLY(shift, w, off) \
	RORXL $shift, CX, R13 \
	ANDL  $0x1ff, R13 \
	IMULL $0x40201, R13 \
	ANDL  w, R13 \
	MOVL  R13, off(DI)(R14*4) \
	CMPL  R13, w \
	ADCL  R12, R12

	XORL R12, R12
	APPLY(18, R11, 8)
	APPLY(9, R10, 4)
	APPLY(0, R9, 0)
	SHLXL R14, R12, R12
	ORL   R12, BX
	TESTL AX, AX
	JNZ   cdigit

	MOVL BX, DIRTY(DI)

cdone:
	CMPL  BX, R8
	SETNE ret+8(FP)
	RET

// func scorePairsAMD64(st *state) (best, b int, x uint32)
//
// scorePairsGeneric, with the same result, written to take few branches
// that the processor cannot predict: the cells of a digit are taken two at
// a time, without asking first whether there are any, and the best is
// kept with conditional moves. TZCNT of a zero gives 32, so a cell that
// is not there reads entry 32 of the tables (0) and adds its score to
// SCORE+32, which nothing reads. The digit's words are held complemented,
// so that ANDN takes a table entry and the word in one instruction. The
// frame:
#define SCORE 0      // 40 bytes: a score for each cell of the band, and slot 32
#define P 40         // the band's cells with two candidates
#define P1 44        // those of the two other bands
#define P2 48
#define BESTPOS 52   // the best cell, its score and its band
#define BEST 56
#define BESTBAND 64
#define BAND 72      // the band b
#define OFF2 88      // 4*(b2-b): the byte offset from a word of band b to the
                     // word of the same digit in band b2 (that of b1 is in R13)
#define END 96       // the end of the band's words
// In the loop over a digit's cells: DI is &cand[d0+b], BX its word
// complemented, DX the digit's words in the other bands (b1 low, b2 high)
// complemented, R12 their cells with two candidates (not complemented),
// R13 OFF1, CX the cells left, AX the cell, SI &bandPeers, R14
// &colMask64.
TEXT ·scorePairsAMD64(SB), NOSPLIT, $104-28
	LEAQ ·bandPeers(SB), SI
	LEAQ ·colMask64(SB), R14
	MOVQ $-1, BEST(SP)
	MOVQ $0, BESTBAND(SP)
	MOVL $0, BESTPOS(SP)
	MOVQ $0, BAND(SP)

band:
	MOVQ BAND(SP), AX
	MOVQ st+0(FP), DI
	MOVL PAIRS(DI)(AX*4), CX
	TESTL CX, CX
	JZ   nextband
	MOVL CX, P(SP)
	LEAQ ·next3(SB), R8
	MOVQ (R8)(AX*8), R9
	MOVQ 8(R8)(AX*8), R10
	MOVL PAIRS(DI)(R9*4), R11
	MOVL R11, P1(SP)
	MOVL PAIRS(DI)(R10*4), R12
	MOVL R12, P2(SP)
	SHLQ $32, R12
	MOVL P1(SP), R11
	ORQ  R11, R12
	SUBQ AX, R9
	SHLQ $2, R9
	MOVQ R9, R13
	SUBQ AX, R10
	SHLQ $2, R10
	MOVQ R10, OFF2(SP)
	LEAQ CAND(DI)(AX*4), DI
	LEAQ 108(DI), R8
	MOVQ R8, END(SP)
	PXOR  X0, X0
	MOVOU X0, SCORE(SP)
	MOVOU X0, SCORE+16(SP)
	MOVQ  $0, SCORE+32(SP)

digit:
	MOVL (DI), BX
	MOVL P(SP), CX
	ANDL BX, CX
	NOTL BX
	MOVL (DI)(R13*1), DX
	MOVQ OFF2(SP), R8
	MOVL (DI)(R8*1), R9
	SHLQ $32, R9
	ORQ  R9, DX
	NOTQ DX

	// One cell: R11 = the peers holding the digit, R9 those with two
	// candidates; the score gains R11 + 2*R9. The column in the two other
	// bands is counted at once, as a 64-bit word (DX, R12, colMask64).
#define SLOT \
	TZCNTL  CX, AX \
	BLSRL   CX, CX \
	ANDNQ   (R14)(AX*8), DX, R8 \
	ANDNL   (SI)(AX*4), BX, R9 \
	POPCNTQ R8, R11 \
	POPCNTL R9, R10 \
	ADDL    R10, R11 \
	ANDQ    R12, R8 \
	ANDL    P(SP), R9 \
	POPCNTQ R8, R8 \
	POPCNTL R9, R9 \
	ADDL    R8, R9 \
	LEAL    (R11)(R9*2), R11 \
	ADDB    R11B, SCORE(SP)(AX*1)

cell:
	SLOT
	SLOT
	TESTL CX, CX
	JNZ   cell

	ADDQ $12, DI
	CMPQ DI, END(SP)
	JNE  digit

	// The first cell of the band with a better score than any before:
	// R9 the best score, R10 its cell, R11 its band, R13 this band.
	MOVL P(SP), CX
	MOVQ BEST(SP), R9
	MOVL BESTPOS(SP), R10
	MOVQ BESTBAND(SP), R11
	MOVQ BAND(SP), R13

pick:
	TZCNTL  CX, AX
	BLSRL   CX, CX
	MOVBLZX SCORE(SP)(AX*1), R8
	CMPQ    R8, R9
	CMOVQGT R8, R9
	CMOVLGT AX, R10
	CMOVQGT R13, R11
	TESTL   CX, CX
	JNZ     pick

	MOVQ R9, BEST(SP)
	MOVL R10, BESTPOS(SP)
	MOVQ R11, BESTBAND(SP)

nextband:
	MOVQ BAND(SP), AX
	INCQ AX
	MOVQ AX, BAND(SP)
	CMPQ AX, $3
	JLT  band

	MOVQ BEST(SP), AX
	MOVQ AX, best+8(FP)
	MOVQ BESTBAND(SP), AX
	MOVQ AX, b+16(FP)
	MOVL BESTPOS(SP), CX
	MOVL $1, AX
	SHLL CX, AX
	MOVL AX, x+24(FP)
	RET

// func cpuid(eax, ecx uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eax+0(FP), AX
	MOVL ecx+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func nakedSinglesAMD64(st *state) (found, ok bool)
//
// nakedSinglesGeneric with the same result, with SSE2, BMI1 and BMI2
// instructions. The tallies of the three bands are taken at once, each
// band a lane of an XMM register (the 16 bytes from cand[3k] hold digit
// k+1's words of bands 0, 1 and 2, and one more that nothing reads): a
// band's singles only change the words of that band, so its tallies are
// the same taken first. The bands are then taken in order, as
// nakedSinglesGeneric does. The digit k of a single at cell CX is read
// off k0-k3 with BT and ADC (k3 first), and each placement clears the
// single's row from word 3k+b (kept at its own cell) and marks the word
// dirty when it changes, as state.and does. The frame:
#define ONE 0    // the cells of each band with at least one candidate
#define TWO 16   // with at least two
#define PAIR 32  // with exactly two
// Registers:
//	DI	st
//	SI	the band b
//	R8	touched
//	R14	&rowMask
//	DX	&cand[b]: c[3k] is at 12k(DX)
// Per band: R12 the singles left, AX, R10, R11 k0, k1, k2; per single CX
// its cell, R13 its word j, BX and R9 the word before and after.
TEXT ·nakedSinglesAMD64(SB), NOSPLIT, $48-10
	MOVQ st+0(FP), DI
	MOVL TOUCHED(DI), R8
	LEAQ ·rowMask(SB), R14
	MOVB $0, found+8(FP)

	// The tallies, X0-X2: one |= w, two |= one&w, three |= two&w, the
	// first two digits at once.
	MOVOU 0(DI), X0
	MOVOU 12(DI), X3
	MOVO  X0, X1
	PAND  X3, X1
	POR   X3, X0
	PXOR  X2, X2

#define TALLY(off) \
	MOVOU off(DI), X3 \
	MOVO  X1, X4 \
	PAND  X3, X4 \
	POR   X4, X2 \
	MOVO  X0, X4 \
	PAND  X3, X4 \
	POR   X4, X1 \
	POR   X3, X0

	TALLY(24)
	TALLY(36)
	TALLY(48)
	TALLY(60)
	TALLY(72)
	TALLY(84)
	TALLY(96)

	MOVOU X0, ONE(SP)
	MOVOU X1, TWO(SP)
	PANDN X1, X2
	MOVOU X2, PAIR(SP)
	XORL  SI, SI

nsband:
	MOVL  $0x1249249, CX
	SHLXL SI, CX, CX
	TESTL CX, R8
	JZ    nsnext
	CMPL  ONE(SP)(SI*4), ALL27
	JNE   nsfail
	MOVL  PAIR(SP)(SI*4), R13
	MOVL  R13, PAIRS(DI)(SI*4)
	ANDNL R8, CX, R8

	// singles = the unsolved cells not counted twice (all are counted once).
	MOVL  TWO(SP)(SI*4), R10
	ANDNL UNSOLVED(DI)(SI*4), R10, R12
	JZ    nsnext
	MOVB  $1, found+8(FP)
	LEAQ  CAND(DI)(SI*4), DX

	// k0 = c[3]|c[9]|c[15]|c[21], k1 = c[6]|c[9]|c[18]|c[21],
	// k2 = c[12]|c[15]|c[18]|c[21]; k3 = c[24] is read per single.
	MOVL 84(DX), R13
	MOVL 36(DX), AX
	ORL  R13, AX
	MOVL AX, R10
	ORL  12(DX), AX
	ORL  60(DX), AX
	ORL  24(DX), R10
	ORL  72(DX), R10
	MOVL 48(DX), R11
	ORL  60(DX), R11
	ORL  72(DX), R11
	ORL  R13, R11

nssingle:
	TZCNTL R12, CX
	BLSRL  R12, R12
	MOVL   96(DX), BX
	XORL   R13, R13
	BTL    CX, BX
	ADCL   R13, R13
	BTL    CX, R11
	ADCL   R13, R13
	BTL    CX, R10
	ADCL   R13, R13
	BTL    CX, AX
	ADCL   R13, R13
	LEAL   (R13)(R13*2), R13
	ADDL   SI, R13

	// An earlier single in the same row may have taken the cell from the
	// digit.
	MOVL  (DI)(R13*4), BX
	BTL   CX, BX
	JCC   nsskip
	MOVL  (R14)(CX*4), R9
	BTRL  CX, R9
	ANDNL BX, R9, R9
	MOVL  R9, (DI)(R13*4)
	SUBL  R9, BX
	ADDL  ALL27, BX
	SHRL  $27, BX
	SHLXL R13, BX, BX
	ORL   BX, DIRTY(DI)

nsskip:
	TESTL R12, R12
	JNZ   nssingle

nsnext:
	INCL SI
	CMPL SI, $3
	JLT  nsband
	MOVL R8, TOUCHED(DI)
	MOVB $1, ok+9(FP)
	RET

nsfail:
	MOVL R8, TOUCHED(DI)
	MOVB $0, found+8(FP)
	MOVB $0, ok+9(FP)
	RET
