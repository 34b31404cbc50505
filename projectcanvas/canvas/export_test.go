package canvas

// UpdateGolden lets the external tests share the -update flag.
var UpdateGolden = update
