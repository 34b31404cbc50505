package assist

import (
	"errors"
	"io/fs"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// FutureFeaturesPaths are where import-future-features looks, in order.
var FutureFeaturesPaths = []string{"FUTURE_FEATURES.md", "docs/FUTURE_FEATURES.md"}

// Imported reports an import of FUTURE_FEATURES.md.
type Imported struct {
	File     string        `json:"file"`
	Created  []pc.ID       `json:"created"`
	Updated  []pc.ID       `json:"updated"`
	Same     int           `json:"unchanged"` // features already as the file says
	Problems []LineProblem `json:"problems"`  // sections not read, and features refused by the project
}

// ImportFutureFeatures reads the features file name (a vault path), or when
// name is "" FUTURE_FEATURES.md at the vault root, else under docs/, and
// creates its features in one write. A feature whose title
// matches an existing feature's (ignoring case) updates that feature
// instead, so importing again after editing the file creates no duplicates.
// Sections that cannot be read and features the project refuses (a status
// change its lifecycle forbids, say) are reported by line; the others are
// written. This is the one function of the package that writes.
func ImportFutureFeatures(p *pc.Project, name string) (*Imported, error) {
	var data []byte
	res := &Imported{Created: []pc.ID{}, Updated: []pc.ID{}}
	candidates := FutureFeaturesPaths
	if name != "" {
		clean := strings.TrimPrefix(name, "./")
		if err := pc.CheckReadable(clean); err != nil {
			return nil, pc.AsError(err).With("field", "file")
		}
		candidates = []string{clean}
	}
	for _, name := range candidates {
		d, err := p.Files().ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		data, res.File = d, name
		break
	}
	if res.File == "" {
		return nil, pc.Errorf(pc.CodeNotFound, "no features file at %s", strings.Join(candidates, " or "))
	}
	if len(data) > pc.MaxImportBytes {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "%s is %d bytes; an import reads at most %d: split the file",
			res.File, len(data), pc.MaxImportBytes).With("field", "file").With("limit", pc.MaxImportBytes)
	}
	features, problems := ParseFutureFeatures(data)
	if len(features) > pc.MaxBatchOps {
		// Bounded like a batch: one transaction of 100,000 creates took
		// 100 s and 840 MB.
		return nil, pc.Errorf(pc.CodeInvalidArgument, "%s has %d feature sections; one import creates or updates at most %d "+
			"(as batch_update): split the file and import each part", res.File, len(features), pc.MaxBatchOps).
			With("field", "file").With("limit", pc.MaxBatchOps)
	}
	res.Problems = problems
	existing := map[string]pc.ID{}
	for _, e := range p.All() {
		if e.Type == pc.Feature {
			if _, taken := existing[strings.ToLower(e.Title)]; !taken {
				existing[strings.ToLower(e.Title)] = e.ID
			}
		}
	}
	_, err := p.Write(func(tx *pc.Tx) error {
		for _, f := range features {
			fields := map[string]any{"title": f.Title}
			for k, v := range map[string]string{"tier": f.Tier, "phase": f.Phase, "user_story": f.UserStory} {
				if v != "" {
					fields[k] = v
				}
			}
			err := tx.Try(func() error {
				if id, ok := existing[strings.ToLower(f.Title)]; ok {
					cur, err := tx.Get(id)
					if err != nil {
						return err
					}
					c := pc.Change{Data: map[string]any{}}
					for k, v := range fields {
						if old, _ := cur.Value(k); old != v {
							c.Data[k] = v
						}
					}
					if f.Status != "" && f.Status != string(cur.Status) {
						c.Status = f.Status
					}
					if len(c.Data) == 0 && c.Status == "" {
						res.Same++ // nothing to write: the file keeps its updated_at
						return nil
					}
					if _, err := tx.Update(string(id), c); err != nil {
						return err
					}
					res.Updated = append(res.Updated, id)
					return nil
				}
				if f.Status != "" {
					fields["status"] = f.Status
				}
				e, err := tx.Create(pc.Feature, fields)
				if err != nil {
					return err
				}
				existing[strings.ToLower(f.Title)] = e.ID
				res.Created = append(res.Created, e.ID)
				return nil
			})
			if err != nil {
				res.Problems = append(res.Problems, LineProblem{Line: f.Line, Message: pc.Echo(f.Title) + ": " + message(err)})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
