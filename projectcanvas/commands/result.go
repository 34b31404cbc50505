package commands

// Result is what a command did and what the editor should show. Every
// field but Notice is optional; a host applies the file changes first
// (they travel beside the result, as a tool's do), then the view actions.
type Result struct {
	// Notice is a one-line summary for a person.
	Notice string `json:"notice"`
	// Canvas is the canvas the node ids below belong to.
	Canvas string `json:"canvas,omitempty"`
	// Select lists node ids to select; Center is one to zoom to.
	Select []string `json:"select,omitempty"`
	Center string   `json:"center,omitempty"`
	// Hide and Show list node ids to hide and to show again
	// (focus-in-progress); the canvas file does not change.
	Hide []string `json:"hide,omitempty"`
	Show []string `json:"show,omitempty"`
	// Open lists vault files to open, in order.
	Open []string `json:"open,omitempty"`
	// Rows is the list a command answers (suggestions, coverage,
	// navigation targets), for a suggester, a modal or the sidebar.
	Rows any `json:"rows,omitempty" tstype:"unknown[]"`
	// Data is the command's own detail: for most, the result of the tool it
	// ran.
	Data any `json:"data,omitempty"`
	// Capped names the inputs reduced to their cap, as tools do.
	Capped map[string]int64 `json:"capped,omitempty"`
}
