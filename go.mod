module github.com/projectcanvas/projectcanvas

go 1.26

require (
	github.com/google/jsonschema-go v0.4.3
	github.com/stretchr/testify v1.12.1
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
)

require github.com/agnivade/levenshtein v1.2.2
