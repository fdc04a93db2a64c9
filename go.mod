module arbiter

go 1.26
