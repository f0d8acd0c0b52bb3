# var_to_str float formatting samples (Godot 4).
extends Node

func _ready():
	var vals = [100.0, 1000.0, 1e6, 1e10, 123.0, 1e14, 12345678901234567.0, 0.001234, 0.00015, -2.5e-8, 5e-324, 1.7976931348623157e308, 120000.0, 1.5e15, 1.5e16, 1.5e17, 0.1 + 0.2, -0.000123, Vector2(100, 1e6), Vector2(0.3333333, 1e15), Vector2(1.0/3.0, 1e-7), Vector2(123456789, 0.000123), Color(1.0/3.0, 0.5, 100, 1e-7), PackedFloat32Array([1.0/3.0, 100, 1e6, 1e15]), PackedFloat64Array([1.0/3.0, 100, 1e6, 1e15]), Vector2(1e16, 1e17)]
	for v in vals:
		print("<<<" + var_to_str(v) + ">>>")
	print("DONE")
	get_tree().quit()
