package projectcanvas

// NonNil returns list, or an empty list for nil: a result's lists encode
// as [] rather than null, which is what clients of every host expect.
func NonNil[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}
