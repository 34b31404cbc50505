package layout

import (
	"slices"
)

// Unset names the extra row or column of features without a tier or phase;
// it appears only when such a feature exists.
const Unset = ""

// Feature is a feature to place on the features canvas.
type Feature struct {
	ID            string
	Tier, Phase   string // "" when unset
	Width, Height float64
}

// Cell is one group of the grid: a tier and a phase.
type Cell struct {
	Tier  string `json:"tier"`
	Phase string `json:"phase"`
	Rect
}

// Grid is the features canvas laid out.
type Grid struct {
	Cells []Cell // row by row, every (tier, phase) pair, empty ones too
	Nodes []Rect // in the order of the input features
}

// FeatureGrid lays features out in a grid of groups: one row per tier and
// one column per phase, in the order given (the project's own lists,
// projectcanvas.Tiers and Phases), plus a row or column for
// features without one. Inside a cell, features sit in rows of perRow
// (0: 2). Every column is as wide and every row as tall as its largest
// cell, so cells grow with their content, no two cells overlap and every
// feature lies wholly inside its cell. Unknown tier or phase values count
// as unset.
func FeatureGrid(features []Feature, tiers, phases []string, perRow int, opts ...Option) Grid {
	c := config{defW: 400, defH: 120, hGap: 40, vGap: 60, origin: Rect{}}
	for _, o := range opts {
		o(&c)
	}
	if perRow <= 0 {
		perRow = 2
	}
	const pad = 40 // inside a cell, around its features
	rows, cols := slices.Clone(tiers), slices.Clone(phases)
	norm := func(v string, known []string) string {
		if slices.Contains(known, v) {
			return v
		}
		return Unset
	}
	byCell := map[[2]string][]int{}
	for i, f := range features {
		t, p := norm(f.Tier, tiers), norm(f.Phase, phases)
		if t == Unset && !slices.Contains(rows, Unset) {
			rows = append(rows, Unset)
		}
		if p == Unset && !slices.Contains(cols, Unset) {
			cols = append(cols, Unset)
		}
		byCell[[2]string{t, p}] = append(byCell[[2]string{t, p}], i)
	}
	for k := range byCell {
		slices.SortFunc(byCell[k], func(a, b int) int { return compareIDs(features[a].ID, features[b].ID) })
	}
	size := func(f Feature) (float64, float64) { return or(f.Width, c.defW), or(f.Height, c.defH) }
	// Each cell's content: rows of perRow features.
	cellW := map[[2]string]float64{}
	cellH := map[[2]string]float64{}
	for k, idx := range byCell {
		w, h, rowW, rowH := 0.0, 0.0, 0.0, 0.0
		for n, i := range idx {
			fw, fh := size(features[i])
			if n%perRow == 0 && n > 0 {
				w, h = max(w, rowW-c.hGap), h+rowH+c.hGap
				rowW, rowH = 0, 0
			}
			rowW += fw + c.hGap
			rowH = max(rowH, fh)
		}
		cellW[k], cellH[k] = max(w, rowW-c.hGap)+2*pad, h+rowH+2*pad
	}
	minW, minH := c.defW+2*pad, c.defH+2*pad
	colW := make([]float64, len(cols))
	rowH := make([]float64, len(rows))
	for ci, p := range cols {
		colW[ci] = minW
		for _, t := range rows {
			colW[ci] = max(colW[ci], cellW[[2]string{t, p}])
		}
	}
	for ri, t := range rows {
		rowH[ri] = minH
		for _, p := range cols {
			rowH[ri] = max(rowH[ri], cellH[[2]string{t, p}])
		}
	}
	g := Grid{Nodes: make([]Rect, len(features))}
	y := c.origin.Y
	for ri, t := range rows {
		x := c.origin.X
		for ci, p := range cols {
			cell := Cell{Tier: t, Phase: p, Rect: Rect{x, y, colW[ci], rowH[ri]}}
			g.Cells = append(g.Cells, cell)
			fx, fy, lineH := x+pad, y+pad, 0.0
			for n, i := range byCell[[2]string{t, p}] {
				fw, fh := size(features[i])
				if n%perRow == 0 && n > 0 {
					fx, fy, lineH = x+pad, fy+lineH+c.hGap, 0
				}
				g.Nodes[i] = Rect{fx, fy, fw, fh}
				fx += fw + c.hGap
				lineH = max(lineH, fh)
			}
			x += colW[ci] + c.hGap
		}
		y += rowH[ri] + c.vGap // room for the next row's group labels
	}
	return g
}
