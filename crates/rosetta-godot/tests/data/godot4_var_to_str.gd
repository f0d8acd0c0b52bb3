# var_to_str samples for Rosetta's text form (Godot 4).
extends Node

func _ready():
	var z := 0.0
	var a_int: Array[int] = [1, 2]
	var d_typed: Dictionary[String, int] = {"b": 1, "a": 2}
	var vals = [null, true, false, 0, -5, 9223372036854775807, 0.0, z * -1.0, 1.0, 1.5, 0.1, 1.0/3.0, 1e20, 1e-7, 123456789.0, 1e16, 1e15, 0.0001, 0.00001, INF, -INF, NAN, "a\"b\\c\nd\te", Vector2(1, 2.5), Vector2i(1, 2), Rect2(1,2,3,4), Rect2i(1,2,3,4), Vector3(1,2,3), Vector3i(1,2,3), Transform2D(Vector2(1,2),Vector2(3,4),Vector2(5,6)), Vector4(1,2,3,4), Vector4i(1,2,3,4), Plane(1,2,3,4), Quaternion(1,2,3,4), AABB(Vector3(1,2,3),Vector3(4,5,6)), Basis(Vector3(1,2,3),Vector3(4,5,6),Vector3(7,8,9)), Transform3D(Basis(Vector3(1,2,3),Vector3(4,5,6),Vector3(7,8,9)), Vector3(10,11,12)), Projection(Vector4(1,2,3,4),Vector4(5,6,7,8),Vector4(9,10,11,12),Vector4(13,14,15,16)), Color(0.1,0.2,0.3,1), &"sn", NodePath("/root/a:b:c"), NodePath(""), RID(), Callable(), Signal(), {}, {"b": 1, 2: [3], "a": 2}, [], [1, "x", [2]], a_int, d_typed, PackedByteArray([1,2]), PackedByteArray(), PackedInt32Array([1,-2]), PackedInt64Array([1,-2]), PackedFloat32Array([1.5, 0.1]), PackedFloat64Array([1.5, 0.1]), PackedStringArray(["a", "b\"c"]), PackedVector2Array([Vector2(1,2)]), PackedVector3Array([Vector3(1,2,3)]), PackedColorArray([Color(1,0,0,1)]), PackedVector4Array([Vector4(1,2,3,4)]), Vector2(0.1, 1e20), RefCounted.new()]
	for v in vals:
		print("<<<" + var_to_str(v) + ">>>")
	print("DONE")
	get_tree().quit()
