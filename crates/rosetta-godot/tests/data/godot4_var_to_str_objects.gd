# var_to_str samples for objects, ids and typed containers (Godot 4).
extends Node

signal my_signal

func _ready():
	var n := Node.new()
	var enc = bytes_to_var(var_to_bytes(n))
	var a_node: Array[Node] = []
	var d_node: Dictionary[int, Node] = {}
	var vals = [enc, rid_from_int64(13), Signal(self, "my_signal"), Callable(self, "_ready"), a_node, d_node, {&"b": 1, "a": 2, 1.5: 3, 1: 4}, StringName("a\"b"), NodePath("a/b"), "é\u0001\t"]
	for v in vals:
		print("<<<" + var_to_str(v) + ">>>")
	print("<<<" + str(enc.get_class()) + ">>>")
	print("DONE")
	get_tree().quit()
