"""Images and translations shipped inside the wheel as knightviz.resources."""
