package projectcanvas

// Relation names one side of a stored relation pair. Both sides of every pair
// are written to the files of the two entities on every change, so that a
// reader of either file sees the link.
type Relation int

// The eight stored relation fields, forward side then inverse side.
const (
	DependsOn Relation = iota
	Blocks
	Implements
	ImplementedBy
	Documents
	DocumentedBy
	Affects
	DecidedBy
	relationCount
)

var relationFields = [relationCount]string{
	"depends_on", "blocks", "implements", "implemented_by", "documents", "documented_by", "affects", "decided_by",
}

// Relations lists every stored relation field.
var Relations = []Relation{DependsOn, Blocks, Implements, ImplementedBy, Documents, DocumentedBy, Affects, DecidedBy}

// Field is the front matter key of the relation.
func (r Relation) Field() string { return relationFields[r] }

// Inverse is the other side of the pair: Blocks for DependsOn and so on.
func (r Relation) Inverse() Relation { return r ^ 1 }

// Forward reports whether r is the side a user normally writes (depends_on,
// implements, documents, affects).
func (r Relation) Forward() bool { return r%2 == 0 }

// relationByField maps a front matter key to its relation.
func relationByField(field string) (Relation, bool) {
	for r, f := range relationFields {
		if f == field {
			return Relation(r), true
		}
	}
	return 0, false
}

// allowed reports whether an entity of type from may hold relation r to an
// entity of type to. Checked on the forward side; the inverse is implied.
func (r Relation) allowed(from, to Type) bool {
	if !r.Forward() {
		return r.Inverse().allowed(to, from)
	}
	switch r {
	case Implements:
		return from.Hierarchical() && to == Feature
	case Documents:
		return from == Document
	case Affects:
		return from == Decision
	}
	return true // depends_on links any two types
}

func (r Relation) rule() string {
	switch r {
	case Implements, ImplementedBy:
		return "only milestones, stories and tasks implement features"
	case Documents, DocumentedBy:
		return "only documents document other entities"
	case Affects, DecidedBy:
		return "only decisions affect other entities"
	}
	return ""
}
