#include "textflag.h"

// func add4(acc *float32, n int, c0, c1, c2, c3 *int8, q *[4]float32)
//
// Eight sums a pass: each column's eight bytes sign-extended to int32,
// converted to float32, multiplied by the column's weight and added to
// the sums, the columns in order (no fused multiply-add: the same
// rounding as the portable loop).
TEXT ·add4(SB), NOSPLIT, $0-56
	MOVQ acc+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ c0+16(FP), R8
	MOVQ c1+24(FP), R9
	MOVQ c2+32(FP), R10
	MOVQ c3+40(FP), R11
	MOVQ q+48(FP), AX
	VBROADCASTSS 0(AX), Y4
	VBROADCASTSS 4(AX), Y5
	VBROADCASTSS 8(AX), Y6
	VBROADCASTSS 12(AX), Y7
	XORQ BX, BX

loop:
	CMPQ BX, CX
	JGE  done
	VMOVUPS   (DI)(BX*4), Y0
	VPMOVSXBD (R8)(BX*1), Y1
	VCVTDQ2PS Y1, Y1
	VMULPS    Y4, Y1, Y1
	VADDPS    Y1, Y0, Y0
	VPMOVSXBD (R9)(BX*1), Y2
	VCVTDQ2PS Y2, Y2
	VMULPS    Y5, Y2, Y2
	VADDPS    Y2, Y0, Y0
	VPMOVSXBD (R10)(BX*1), Y3
	VCVTDQ2PS Y3, Y3
	VMULPS    Y6, Y3, Y3
	VADDPS    Y3, Y0, Y0
	VPMOVSXBD (R11)(BX*1), Y1
	VCVTDQ2PS Y1, Y1
	VMULPS    Y7, Y1, Y1
	VADDPS    Y1, Y0, Y0
	VMOVUPS   Y0, (DI)(BX*4)
	ADDQ      $8, BX
	JMP       loop

done:
	VZEROUPPER
	RET

// func max8(x *float32, n int) float32
TEXT ·max8(SB), NOSPLIT, $0-20
	MOVQ    x+0(FP), SI
	MOVQ    n+8(FP), CX
	VMOVUPS (SI), Y0
	MOVQ    $8, BX

maxloop:
	CMPQ    BX, CX
	JGE     maxdone
	VMAXPS  (SI)(BX*4), Y0, Y0
	ADDQ    $8, BX
	JMP     maxloop

maxdone:
	// The eight lanes' greatest: halves, then pairs, then the two left.
	VEXTRACTF128 $1, Y0, X1
	VMAXPS       X1, X0, X0
	VPERMILPS    $0x4E, X0, X1
	VMAXPS       X1, X0, X0
	VPERMILPS    $0xB1, X0, X1
	VMAXPS       X1, X0, X0
	VMOVSS       X0, ret+16(FP)
	VZEROUPPER
	RET

// func atLeast8(x *float32, n int, t float32, mask *uint8)
TEXT ·atLeast8(SB), NOSPLIT, $0-32
	MOVQ         x+0(FP), SI
	MOVQ         n+8(FP), CX
	VBROADCASTSS t+16(FP), Y1
	MOVQ         mask+24(FP), DI
	XORQ         BX, BX

atloop:
	CMPQ      BX, CX
	JGE       atdone
	VMOVUPS   (SI)(BX*4), Y0
	VCMPPS    $0x0D, Y1, Y0, Y2 // x >= t, ordered
	VMOVMSKPS Y2, AX
	MOVQ      BX, DX
	SHRQ      $3, DX
	MOVB      AX, (DI)(DX*1)
	ADDQ      $8, BX
	JMP       atloop

atdone:
	VZEROUPPER
	RET

// func dot8(w *float32, x *int8, n int, lanes *[8]float32)
//
// Lane l of Y0 adds w[j]×x[j] for j = l, l+8, ... in order.
TEXT ·dot8(SB), NOSPLIT, $0-32
	MOVQ   w+0(FP), SI
	MOVQ   x+8(FP), DI
	MOVQ   n+16(FP), CX
	MOVQ   lanes+24(FP), DX
	VXORPS Y0, Y0, Y0
	XORQ   BX, BX

dotloop:
	CMPQ      BX, CX
	JGE       dotdone
	VPMOVSXBD (DI)(BX*1), Y1
	VCVTDQ2PS Y1, Y1
	VMULPS    (SI)(BX*4), Y1, Y1
	VADDPS    Y1, Y0, Y0
	ADDQ      $8, BX
	JMP       dotloop

dotdone:
	VMOVUPS Y0, (DX)
	VZEROUPPER
	RET

// func addScaled4(sum *float64, x *int8, n int, w float64)
TEXT ·addScaled4(SB), NOSPLIT, $0-32
	MOVQ         sum+0(FP), DI
	MOVQ         x+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSD w+24(FP), Y2
	XORQ         BX, BX

addloop:
	CMPQ      BX, CX
	JGE       adddone
	VPMOVSXBD (SI)(BX*1), X1
	VCVTDQ2PD X1, Y1
	VMULPD    Y2, Y1, Y1
	VADDPD    (DI)(BX*8), Y1, Y1
	VMOVUPD   Y1, (DI)(BX*8)
	ADDQ      $4, BX
	JMP       addloop

adddone:
	VZEROUPPER
	RET

// func mul8(x, y *float32, n int)
TEXT ·mul8(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), DI
	MOVQ y+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ BX, BX

mulloop:
	CMPQ    BX, CX
	JGE     muldone
	VMOVUPS (DI)(BX*4), Y0
	VMULPS  (SI)(BX*4), Y0, Y0
	VMOVUPS Y0, (DI)(BX*4)
	ADDQ    $8, BX
	JMP     mulloop

muldone:
	VZEROUPPER
	RET

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
