package assist

import pc "github.com/projectcanvas/projectcanvas/projectcanvas"

// BulkLinkFeature links many milestones, stories and tasks to one feature in
// a single write (bulk-link-features): the feature's implemented_by and each
// entity's implements both change, or nothing does when one id is refused.
// It returns the feature as written.
func BulkLinkFeature(p *pc.Project, feature string, ids []string) (*pc.Entity, error) {
	var f *pc.Entity
	_, err := p.Write(func(tx *pc.Tx) error {
		id, t, _, err := pc.ParseID(feature)
		if err != nil {
			return err
		}
		if t != pc.Feature { // before the links, whose error would blame them
			return pc.Errorf(pc.CodeInvalidArgument, "%s is a %s, not a feature", id, t).With("field", "feature")
		}
		u, err := tx.Update(string(id), pc.Change{AddTo: map[string][]string{"implemented_by": ids}})
		if err != nil {
			return err
		}
		f = u.Entity
		return nil
	})
	return f, err
}
