package site

import (
	"strconv"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

type readyBody struct {
	Ready      []readyRow
	Overall    chain
	Milestones []chain
}

type readyRow struct {
	ref
	Type     pc.Type
	Priority string
	Unblocks int
	Reason   string
}

type chain struct {
	Head  ref
	Items []ref
	Hours string
}

// readyPage writes ready.html: the work that can start now and the
// critical path, as insight computes them over every entity (a dependency
// left out of the site still counts), each unpublished one shown by its
// id alone.
func (s *site) readyPage(canvases []canvasLink) error {
	a := insight.Analyze(s.all, insight.AnalysisOptions{Now: s.opt.Generated, Ready: true, Critical: true})
	var b readyBody
	for _, r := range a.Ready {
		row := readyRow{ref: s.ref(r.ID, ""), Type: r.Type, Unblocks: r.Unblocks}
		if row.Href != "" {
			row.Reason = r.Reason
			if r.Priority != nil {
				row.Priority = string(*r.Priority)
			}
		} else {
			row.Type = ""
		}
		b.Ready = append(b.Ready, row)
	}
	if a.CriticalPath != nil {
		b.Overall = s.chain(a.CriticalPath.Overall)
		for _, c := range a.CriticalPath.Milestones {
			b.Milestones = append(b.Milestones, s.chain(c))
		}
	}
	return s.write("ready.html", "ready", page{Title: "Ready and critical path", Stamp: true, Body: b}, canvases)
}

func (s *site) chain(c insight.Chain) chain {
	out := chain{Head: s.ref(c.Milestone, "")}
	for _, id := range c.IDs {
		out.Items = append(out.Items, s.ref(id, ""))
	}
	if c.EstimateHours != nil {
		out.Hours = strconv.FormatFloat(*c.EstimateHours, 'f', -1, 64)
	}
	return out
}
