module dmelab

go 1.26

require (
	github.com/cockroachdb/datadriven v1.0.3
	github.com/stretchr/testify v1.12.1
	github.com/yuin/goldmark v1.8.7
)

require (
	github.com/pmezard/go-difflib v1.0.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
