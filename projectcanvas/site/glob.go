package site

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Match reports whether a vault path matches a glob: path.Match's
// patterns, element by element, where an element "**" matches any number
// of elements ("Projects/**", "**/drafts/*.md"), and a glob without a
// slash matches the path's file name anywhere ("*.canvas").
func Match(glob, name string) bool {
	if !strings.Contains(glob, "/") {
		ok, _ := path.Match(glob, path.Base(name))
		return ok
	}
	return matchParts(strings.Split(glob, "/"), strings.Split(name, "/"))
}

func matchParts(glob, name []string) bool {
	for len(glob) > 0 {
		if glob[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchParts(glob[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(glob[0], name[0]); !ok {
			return false
		}
		glob, name = glob[1:], name[1:]
	}
	return len(name) == 0
}

// CheckGlob refuses a glob path.Match cannot read.
func CheckGlob(glob string) error {
	for part := range strings.SplitSeq(glob, "/") {
		if _, err := path.Match(part, ""); err != nil || glob == "" {
			return pc.Errorf(pc.CodeInvalidArgument, "%q is no glob over vault paths (like Projects/** or *.canvas)", glob)
		}
	}
	return nil
}

// FromConfig is the optional site section of the vault's
// .projectcanvas/config.json, {"site": {"include": [...], "exclude":
// [...]}}: the globs a vault publishes with. The command line's globs add
// to them.
func FromConfig(files pc.Files) (include, exclude []string, err error) {
	data, err := files.ReadFile(pc.ConfigPath)
	if err != nil {
		return nil, nil, nil // no config: everything; a broken one is Open's to report
	}
	var cfg struct {
		Site struct {
			Include []string `json:"include"`
			Exclude []string `json:"exclude"`
		} `json:"site"`
	}
	if json.Unmarshal(data, &cfg) != nil {
		return nil, nil, pc.Errorf(pc.CodeInvalidArgument, "%s: the site section is no {\"include\": [globs], \"exclude\": [globs]}", pc.ConfigPath)
	}
	for _, g := range append(slices.Clone(cfg.Site.Include), cfg.Site.Exclude...) {
		if err := CheckGlob(g); err != nil {
			return nil, nil, err
		}
	}
	return cfg.Site.Include, cfg.Site.Exclude, nil
}
