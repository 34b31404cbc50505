// Package cachefile is the binary format of the project's index cache:
// what decoding each file of a vault gave, kept by a host between starts
// (projectcanvas.WithIndexCache). It knows files and bytes, not entities:
// the domain encodes an entity's fields into an entry's payload with a
// Writer and reads them back with a Reader.
//
// A cache is
//
//	magic ("PCIX1\n", the digit the format's version)
//	key   (a string: the host's name for the decoder's version)
//	n     (a varint) and n entries, sorted by name:
//	      name (a string), size (a varint), CRC-64 ECMA of the file's bytes (8 bytes LE),
//	      payload (a string)
//	CRC-32C of all of the above (4 bytes LE)
//
// where a string is its length as a varint and its bytes. Open refuses,
// with the reason, a cache of another format or key, cut short or
// altered (its checksum), or malformed; it never panics on any input.
// The checksum tells damage, not forgery: a cache may come from someone
// else (a plugin's folder syncs), so a caller checks what a payload says
// before believing it.
package cachefile
