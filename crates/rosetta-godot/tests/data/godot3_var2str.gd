extends SceneTree
func _init():
	var vals = [null, true, false, 0, -5, 9223372036854775807, 0.0, -0.0, 1.0, 1.5, 0.1, 1.0/3.0, 1e20, 1e-7, 123456789.0, INF, -INF, NAN, "a\"b\\c\nd\te", Vector2(1, 2.5), Rect2(1,2,3,4), Vector3(1,2,3), Transform2D(Vector2(1,2),Vector2(3,4),Vector2(5,6)), Plane(1,2,3,4), Quat(1,2,3,4), AABB(Vector3(1,2,3),Vector3(4,5,6)), Basis(Vector3(1,2,3),Vector3(4,5,6),Vector3(7,8,9)), Transform(Basis(Vector3(1,2,3),Vector3(4,5,6),Vector3(7,8,9)), Vector3(10,11,12)), Color(0.1,0.2,0.3,1), NodePath("/root/a:b:c"), NodePath(""), RID(), {}, {"a": 1, 2: [3]}, [], [1, "x", [2]], PoolByteArray([1,2]), PoolByteArray(), PoolIntArray([1,-2]), PoolRealArray([1.5, 0.1]), PoolStringArray(["a", "b\"c"]), PoolVector2Array([Vector2(1,2)]), PoolVector3Array([Vector3(1,2,3)]), PoolColorArray([Color(1,0,0,1)]), Vector2(0.1, 1e20), Reference.new()]
	for v in vals:
		print("<<<" + var2str(v) + ">>>")
	quit()
