// Package frontmatter reads and writes the YAML front matter of markdown
// files without losing a byte the caller did not change.
//
// Project Canvas keeps its entities as markdown files in an Obsidian vault.
// People edit those files by hand and plugins add keys of their own, so a
// tool that rewrites a file must leave alone everything it did not mean to
// change. This package guarantees that:
//
//   - Parse(x).Bytes() returns x exactly, for every input that parses.
//   - After edits, only the lines of the keys that were set or deleted are
//     re-rendered. Every other byte survives: unknown keys, key order,
//     comments (above, beside and below keys, and between them), quoting,
//     flow or block lists, blank lines, CRLF line endings, a UTF-8 BOM, the
//     delimiter lines and the body.
//   - The output of Bytes parses back to the values the document holds:
//     Bytes checks this itself (see below), and rather than return
//     anything else it returns the input unchanged and reports it by Err.
//   - Parse never panics; broken input gives a *SyntaxError with the file
//     line to look at.
//
// # Reading
//
// A front matter block starts on the first line of the file (after an
// optional BOM) with a "---" line and ends with the next "---" or "..."
// line. Its YAML must be a mapping, or empty. Parse it once and read keys:
//
//	doc, err := frontmatter.Parse(src)
//	if err != nil {
//		return err // *frontmatter.SyntaxError: "front matter line 3: ..."
//	}
//	status, _ := doc.String("status")     // "Todo"
//	deps, _ := doc.Strings("depends_on")  // ["T-001"]
//	node := doc.Node("plugin_data")       // any value, as a *yaml.Node
//
// A file without front matter parses fine: it has no keys and its body is
// the whole file. Keys returns the top-level keys in file order.
//
// # Writing
//
//	doc.SetString("status", "In Progress")
//	doc.SetStrings("depends_on", []string{"T-001", "T-002"})
//	doc.Delete("priority")
//	doc.SetString("updated_at", "2026-01-15")
//	err = os.WriteFile(path, doc.Bytes(), 0o644)
//
// Set and its helpers replace a key in place or append a new key after the
// last one. A changed key is rendered by yaml.v3 in the file's style: it
// keeps the old line comment ("status: Todo  # note" keeps "# note"), the
// key's quoting, a list's flow or block style and the file's list
// indentation, and the file's line ending. A new list is written "[a, b]"
// when all items can be written plain there. Strings that a YAML reader could
// take for another type ("yes", "123", "2026-01-01", "#x", "") are quoted,
// so they read back as the same string. A new file is made from Parse(nil):
// Set keys, SetBody, and Bytes gives "---\n<keys in the order set>\n---\n<body>".
//
// Delete removes the key's own lines, including comment lines indented
// inside its value, but keeps the comment lines above it, which may
// introduce more than that key.
//
// # How it stays lossless
//
// Parse splits the file into BOM, opening line, YAML text, closing line and
// body, parses the YAML text once with yaml.v3, and records for each
// top-level key the span of source lines it owns: from its key line to the
// line before the next key, minus trailing blank lines and comment lines at
// the keys' indentation, which belong to the next key as its head comment
// (or, after the last key, to the foot of the front matter). Bytes splices
// the rendered lines of changed keys between the untouched spans.
//
// Before returning, Bytes parses its own output and checks that every key
// reads back with the value the document holds. Layouts that defeat line
// splicing (a flow-style mapping "{a: 1}", "? " keys, a quoted string that
// continues on a column-0 "#" line, deleting a key whose anchor another key
// uses) fail that check; the front matter is then re-rendered whole from the
// nodes, which keeps every value but may lose some formatting.
//
// # Nodes
//
// Node returns the document's own *yaml.Node: read it, but to change a value
// build a node (or modify a copy) and pass it to Set. Set does not modify the
// node it is given.
package frontmatter
