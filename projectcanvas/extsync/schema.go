package extsync

import (
	"context"
	"maps"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// schema finds the data source and makes sure it has a property of the
// right type for every mapped field, adding the missing ones. It runs on
// first use and when the mapping changes; later runs trust the base (a
// write that Notion refuses for a property resets it, see invalidate).
func (s *Syncer) schema(ctx context.Context, st *state, sum *Summary) error {
	if st.DataSourceID != "" && st.Schema == s.m.key() {
		return nil
	}
	if st.DataSourceID == "" {
		id, err := s.dataSource(ctx)
		if err != nil {
			return s.explain(err)
		}
		st.DataSourceID = id
	}
	ds, err := s.c.DataSource(ctx, st.DataSourceID)
	if err != nil {
		return s.explain(err)
	}
	add, types, err := s.check(ds)
	if err != nil {
		return err
	}
	if len(add) > 0 {
		if ds, err = s.c.AddProperties(ctx, ds.ID, add); err != nil {
			return pc.Errorf(pc.ErrorCode(err), "adding the properties %s to the Notion database: %s", strings.Join(slices.Sorted(maps.Keys(add)), ", "), pc.AsError(err).Message)
		}
		for name := range add {
			if _, ok := ds.Properties[name]; !ok {
				return pc.Errorf(pc.CodeInternal, "Notion did not add the property %q to the database", name)
			}
		}
		sum.PropertiesAdded = slices.Sorted(maps.Keys(add))
	}
	st.Schema, st.PropTypes = s.m.key(), types
	return nil
}

// dataSource picks the database's data source: the configured one, or its
// only one.
func (s *Syncer) dataSource(ctx context.Context) (string, error) {
	if s.cfg.DataSourceID != "" {
		return NormalizeID(s.cfg.DataSourceID)
	}
	db, err := s.c.Database(ctx, s.db)
	if err != nil {
		return "", err
	}
	switch len(db.DataSources) {
	case 0:
		return "", pc.Errorf(pc.CodeNotFound, "the Notion database %s has no data source (table) this integration can see", s.db)
	case 1:
		return db.DataSources[0].ID, nil
	}
	var names []string
	for _, d := range db.DataSources {
		names = append(names, d.Name+" ("+d.ID+")")
	}
	return "", pc.Errorf(pc.CodeInvalidArgument, "the Notion database %s has %d data sources: %s; set notion.data_source_id in %s to the one to sync",
		s.db, len(names), strings.Join(names, ", "), pc.ConfigPath)
}

// check compares the schema with the mapping: the properties to add, the
// type of each mapped one, or an error naming the first with a wrong type.
func (s *Syncer) check(ds *notion.DataSource) (map[string]notion.PropertySchema, map[string]string, error) {
	add := map[string]notion.PropertySchema{}
	types := map[string]string{}
	for _, f := range fields {
		name := s.m.Property(f.name)
		if name == "" {
			continue
		}
		p, ok := ds.Properties[name]
		switch {
		case !ok && f.name == Title:
			return nil, nil, pc.Errorf(pc.CodeInvalidArgument, "the Notion database's title property is %q, not %q: set notion.properties.title to %q in %s",
				titleOf(ds), name, titleOf(ds), pc.ConfigPath).With("property", name)
		case !ok:
			add[name] = newProperty(f.types[0], ds.ID)
			types[name] = f.types[0]
		case !slices.Contains(f.types, p.Type):
			return nil, nil, pc.Errorf(pc.CodeInvalidArgument, "the Notion property %q is a %s property; the %s field needs %s: change its type in Notion, or map the field to another property with notion.properties.%s in %s",
				name, p.Type, f.name, strings.Join(f.types, " or "), f.name, pc.ConfigPath).With("property", name).With("type", p.Type)
		case p.Type == notion.TypeRelation && (p.Relation == nil || p.Relation.DataSourceID != ds.ID):
			return nil, nil, pc.Errorf(pc.CodeInvalidArgument, "the Notion property %q relates to another database; the %s field needs a relation to this database's own pages", name, f.name).With("property", name)
		default:
			types[name] = p.Type
		}
	}
	return add, types, nil
}

func titleOf(ds *notion.DataSource) string {
	for name, p := range ds.Properties {
		if p.Type == notion.TypeTitle {
			return name
		}
	}
	return ""
}

func newProperty(typ, dataSource string) notion.PropertySchema {
	p := notion.PropertySchema{Type: typ}
	switch typ {
	case notion.TypeSelect:
		p.Select = &notion.SelectConfig{Options: []notion.Option{}}
	case notion.TypeRelation:
		p.Relation = &notion.RelationConfig{DataSourceID: dataSource, Type: "single_property", SingleProperty: &struct{}{}}
	}
	return p
}
