module github.com/parquetvariant/parquetvariant

go 1.26

require github.com/google/uuid v1.6.0

require github.com/xwb1989/sqlparser v0.0.0-20180606152119-120387863bf2

require (
	github.com/go-json-experiment/json v1.27.2
	github.com/parquet-go/parquet-go v0.32.0
	github.com/shopspring/decimal v1.4.0
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
