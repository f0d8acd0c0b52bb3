# Reads one `var2str` value per line from the file named by $CASES and prints `HEX <var2bytes>`
# for each, in order. Run: CASES=cases.txt godot3-server --no-window -s run_godot3.gd
extends SceneTree

func _init():
	var f = File.new()
	f.open(OS.get_environment("CASES"), File.READ)
	while not f.eof_reached():
		var line = f.get_line()
		if line == "":
			continue
		print("HEX " + var2bytes(str2var(line)).hex_encode())
	quit()
